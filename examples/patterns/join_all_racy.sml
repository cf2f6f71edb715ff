// Pattern: join all, read too early — the racy twin of join_all.sml: main reads total
// before it has joined the workers.
// expect: total RACE
// why: main's unlocked read overlaps a worker's write under total_lock.
// fixed-twin: join_all.sml
shared total;
lock total_lock;

main {
  while (*) create worker;
  read total;
  joinall worker;
}

thread worker {
  acquire total_lock;
  read total;
  write total;
  release total_lock;
}
