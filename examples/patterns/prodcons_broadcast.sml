// Pattern: producer/consumer, one condition variable — the SML form of prodcons_broadcast.c:
// both sides wait on `changed`, every change is broadcast.
// expect: buf race-free
// expect: count race-free
// expect: in race-free
// expect: out race-free
// why: every access to the buffer and its indices holds buf_lock (wait releases it only
//   while blocked and takes it back).
shared buf, count, in, out;
lock buf_lock;
cond changed;

main {
  create producer;
  create consumer;
}

thread producer {
  while (*) {
    acquire buf_lock;
    read count;
    while (*) { wait changed, buf_lock; read count; }
    write buf;
    read in; write in;
    read count; write count;
    broadcast changed;
    release buf_lock;
  }
}

thread consumer {
  while (*) {
    acquire buf_lock;
    read count;
    while (*) { wait changed, buf_lock; read count; }
    read buf;
    read out; write out;
    read count; write count;
    broadcast changed;
    release buf_lock;
  }
}
