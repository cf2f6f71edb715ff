// Pattern: producer/consumer with the emptiness test outside the lock — the SML form of
// prodcons_unlocked_check.c: the consumer polls count before taking the lock.
// expect: buf race-free
// expect: count RACE
// expect: in race-free
// expect: out race-free
// why: the consumer's unlocked read of count overlaps a producer's write of count under
//   buf_lock; buf and the indices are still only touched under the lock.
// fixed-twin: prodcons_two_conds.sml
shared buf, count, in, out;
lock buf_lock;
cond not_full;

main {
  create producer;
  create consumer;
}

thread producer {
  while (*) {
    acquire buf_lock;
    read count;
    while (*) { wait not_full, buf_lock; read count; }
    write buf;
    read in; write in;
    read count; write count;
    release buf_lock;
  }
}

thread consumer {
  while (*) {
    read count;
    while (*) read count;
    acquire buf_lock;
    read buf;
    read out; write out;
    read count; write count;
    signal not_full;
    release buf_lock;
  }
}
