// Pattern: thread pool, completion count outside the lock — the SML form of
// thread_pool_racy.c.
// expect: tasks race-free
// expect: head race-free
// expect: tail race-free
// expect: pending race-free
// expect: shutting_down race-free
// expect: completed RACE
// why: two workers can execute `completed++` at once without the lock; the queue and the
//   shutdown flag are still only touched under pool_lock.
// fixed-twin: thread_pool.sml
shared tasks, head, tail, pending, shutting_down, completed;
lock pool_lock;
cond work_available, space_available;

main {
  while (*) create worker;
  while (*) {
    acquire pool_lock;
    read pending;
    while (*) { wait space_available, pool_lock; read pending; }
    read tail; write tasks; write tail;
    read pending; write pending;
    signal work_available;
    release pool_lock;
  }
  acquire pool_lock;
  write shutting_down;
  broadcast work_available;
  release pool_lock;
  acquire pool_lock;
  read completed;
  release pool_lock;
}

thread worker {
  while (*) {
    acquire pool_lock;
    read pending; read shutting_down;
    while (*) { wait work_available, pool_lock; read pending; read shutting_down; }
    if (*) {
      release pool_lock;
      goto done;
    }
    read head; read tasks; write head;
    read pending; write pending;
    signal space_available;
    release pool_lock;
    skip;
    read completed; write completed;
  }
  done: skip;
}
