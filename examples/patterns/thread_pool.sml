// Pattern: thread pool with a work queue — the SML form of thread_pool.c: main submits tasks
// to a locked queue and shuts the pool down; workers take tasks and count completions.
// expect: tasks race-free
// expect: head race-free
// expect: tail race-free
// expect: pending race-free
// expect: shutting_down race-free
// expect: completed race-free
// why: the queue, the shutdown flag and the completion count are only touched with
//   pool_lock held.
// racy-twin: thread_pool_racy.sml
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
    acquire pool_lock;
    read completed; write completed;
    release pool_lock;
  }
  done: skip;
}
