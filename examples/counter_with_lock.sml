// CounterWithLock (Table 1): the increment of Counter inside a critical
// section. Expected verdict: counter race-free.
shared counter;
lock m;

main {
  while (*) {
    create inc;
  }
}

thread inc {
  acquire m;
  read counter;
  write counter;
  release m;
}
