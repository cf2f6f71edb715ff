// Pattern: wait for all by a semaphore, posted too early — the racy twin of
// wait_all_sem.sml: a worker posts done before it adds to total, so main's read of
// total after the wait may run beside a worker's write.
// expect: total RACE
// expect: log race-free
// why: main waits only for the posts; the write of total comes after a worker's post.
// fixed-twin: wait_all_sem.sml
shared total, log;
lock total_lock, log_lock;
sem done;

main {
  while (*) create worker;
  joinall worker, done;
  read total;
  acquire log_lock;
  write log;
  release log_lock;
}

thread worker {
  post done;
  acquire total_lock;
  read total;
  write total;
  release total_lock;
  acquire log_lock;
  write log;
  release log_lock;
}
