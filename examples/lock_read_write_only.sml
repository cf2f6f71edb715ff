// Lock-ReadWriteOnly (Table 1): readers and writers of a shared record. Writers
// always hold the lock; readers take it too, and a reader may also update the
// record while it holds the lock. Expected verdict: data race-free.
shared data;
lock m;

main {
  while (*) {
    if (*) create reader; else create writer;
  }
}

thread reader {
  while (*) {
    acquire m;
    read data;
    if (*) {
      write data;
    } else {
      skip;
    }
    release m;
  }
}

thread writer {
  acquire m;
  write data;
  release m;
  acquire m;
  read data;
  write data;
  release m;
}
