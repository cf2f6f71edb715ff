// Pattern: wait for all by a semaphore — the SML form of a create loop, then a loop
// that takes one token of `done` per worker started: each worker posts `done` once, at
// the end of its work; `joinall worker, done;` says every worker has posted it (what
// the C front end says after such a wait loop).
// expect: total race-free
// expect: log race-free
// why: a worker writes total under total_lock before it posts done; main reads total
//   once every worker has posted. What a worker does after its post (writing log under
//   log_lock) still runs beside main, which writes log under the same lock.
// racy-twin: wait_all_sem_racy.sml
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
  acquire total_lock;
  read total;
  write total;
  release total_lock;
  post done;
  acquire log_lock;
  write log;
  release log_lock;
}
