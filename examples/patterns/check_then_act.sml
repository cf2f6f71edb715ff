// Pattern: check-then-act — the SML form of check_then_act.c: a teller tests the balance and
// then withdraws, without a lock.
// expect: balance RACE
// why: two tellers' tests (reads) and withdrawals (writes) can overlap.
// fixed-twin: check_then_act_locked.sml
shared balance;

main {
  create teller;
  create teller;
}

thread teller {
  read balance;
  if (*) {
    read balance;
    write balance;
  }
}
