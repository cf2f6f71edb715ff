// Two job types take locks a and b in opposite orders, but each nested section runs
// under the gate lock g: no two threads are ever inside their nested sections at once,
// so the cycle a -> b -> a cannot deadlock, for any number of threads of either type.
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
  acquire g;
  acquire b;
  acquire a;
  write x;
  release a;
  release b;
  release g;
}
