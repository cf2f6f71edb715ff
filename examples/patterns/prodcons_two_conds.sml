// Pattern: producer/consumer, two condition variables — the SML form of
// prodcons_two_conds.c, with any number of producers and consumers.
// expect: buf race-free
// expect: count race-free
// expect: in race-free
// expect: out race-free
// why: every access to the buffer and its indices holds buf_lock.
// racy-twin: prodcons_unlocked_check.sml
shared buf, count, in, out;
lock buf_lock;
cond not_full, not_empty;

main {
  while (*) {
    if (*) create producer; else create consumer;
  }
}

thread producer {
  while (*) {
    acquire buf_lock;
    read count;
    while (*) { wait not_full, buf_lock; read count; }
    write buf;
    read in; write in;
    read count; write count;
    signal not_empty;
    release buf_lock;
  }
}

thread consumer {
  while (*) {
    acquire buf_lock;
    read count;
    while (*) { wait not_empty, buf_lock; read count; }
    read buf;
    read out; write out;
    read count; write count;
    signal not_full;
    release buf_lock;
  }
}
