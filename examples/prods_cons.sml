// Prods/Cons (Table 1): many producers and many consumers share a bounded
// buffer and its count, protected by one mutex; producers wait on notFull,
// consumers on notEmpty, each rechecking its condition in a loop (spurious
// wake-ups are allowed). Expected verdict: buffer and count race-free.
shared buffer, count;
lock m;
cond notFull, notEmpty;

main {
  while (*) {
    if (*) create producer; else create consumer;
  }
}

thread producer {
  while (*) {
    acquire m;
    read count;
    while (*) {            // while (count == N)
      wait notFull, m;
      read count;
    }
    write buffer;
    write count;
    signal notEmpty;
    release m;
  }
}

thread consumer {
  while (*) {
    acquire m;
    read count;
    while (*) {            // while (count == 0)
      wait notEmpty, m;
      read count;
    }
    read buffer;
    write count;
    signal notFull;
    release m;
  }
}
