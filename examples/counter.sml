// Counter (Table 1): any number of threads increment a shared counter without
// a lock. Two increments can overlap: expected verdict RACE on counter.
shared counter;

main {
  while (*) {
    create inc;
  }
}

thread inc {
  read counter;
  write counter;
}
