// Pattern: join all, then read — the SML form of a create loop followed by a join loop
// of the same count (tests/c-programs/join_all_malloc.c): any number of workers add to
// total under a lock; `joinall worker;` says every worker has ended.
// expect: total race-free
// why: the workers update total under total_lock; main reads it only once every worker
//   has ended (the net empties the workers' places there).
// racy-twin: join_all_racy.sml
shared total;
lock total_lock;

main {
  while (*) create worker;
  joinall worker;
  read total;
}

thread worker {
  acquire total_lock;
  read total;
  write total;
  release total_lock;
}
