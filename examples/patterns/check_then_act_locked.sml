// Pattern: check-then-act, locked — the SML form of check_then_act_locked.c: test and
// withdrawal in one critical section.
// expect: balance race-free
// why: account_lock is held from the test to the update.
// racy-twin: check_then_act.sml
shared balance;
lock account_lock;

main {
  create teller;
  create teller;
}

thread teller {
  acquire account_lock;
  read balance;
  if (*) {
    read balance;
    write balance;
  }
  release account_lock;
}
