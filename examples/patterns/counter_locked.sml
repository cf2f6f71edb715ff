// Pattern: shared counter, locked — the SML form of counter_locked.c: each increment holds
// hits_lock, and main reads the total under it.
// expect: hits race-free
// why: every access to hits is inside hits_lock.
// racy-twin: counter_plain.sml
shared hits;
lock hits_lock;

main {
  while (*) create worker;
  acquire hits_lock;
  read hits;
  release hits_lock;
}

thread worker {
  while (*) {
    acquire hits_lock;
    read hits;
    write hits;
    release hits_lock;
  }
}
