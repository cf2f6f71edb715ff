// Pattern: shared counter, plain — the SML form of counter_plain.c: any number of workers
// increment a shared counter without a lock.
// expect: hits RACE
// why: the read and the write of two workers' `hits++` can overlap; nothing orders them.
// fixed-twin: counter_locked.sml
shared hits;

main {
  while (*) create worker;
}

thread worker {
  while (*) {
    read hits;
    write hits;
  }
}
