// Two job types take locks a and b in opposite orders; the gate lock g covers only the
// outer lock of ab, not of ba: a thread of ab holding a and one of ba holding b wait for
// each other for ever: the cycle a -> b -> a deadlocks.
shared x;
lock g;
lock a;
lock b;

main {
  create ab;
  create ba;
}

thread ab [*] {
  acquire g;
  acquire a;
  acquire b;
  write x;
  release b;
  release a;
  release g;
}

thread ba [*] {
  acquire b;
  acquire a;
  write x;
  release a;
  release b;
}
