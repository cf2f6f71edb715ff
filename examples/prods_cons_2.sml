// Prods/Cons 2 (Table 1): the paper's own declaration form, where the lock and
// the condition variable are declared `shared` and their kind follows from use.
// Any number of producers and consumers start at once and share one condition
// variable; every change is announced with a broadcast. Expected verdict:
// buffer and count race-free.
shared buffer, count, m, changed;

thread producer [*] {
  while (true) {
    acquire m;
    read count;
    while (*) {
      wait changed, m;
      read count;
    }
    write buffer;
    write count;
    broadcast changed;
    release m;
  }
}

thread consumer [*] {
  while (true) {
    acquire m;
    read count;
    while (*) {
      wait changed, m;
      read count;
    }
    read buffer;
    write count;
    broadcast changed;
    release m;
  }
}
