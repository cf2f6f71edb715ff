// Pattern: non-terminating workers, unlocked monitor — the SML form of
// workers_forever_racy.c: the monitor reads done without the lock.
// expect: jobs_left race-free
// expect: done RACE
// why: the monitor's read of done overlaps a worker's write of done under work_lock.
// fixed-twin: workers_forever.sml
shared jobs_left, done;
lock work_lock;
cond work_ready;

thread worker [*] {
  while (true) {
    acquire work_lock;
    read jobs_left;
    while (*) { wait work_ready, work_lock; read jobs_left; }
    write jobs_left;
    release work_lock;
    acquire work_lock;
    read done; write done;
    release work_lock;
  }
}

thread monitor [1] {
  while (true) {
    read done;
  }
}

main {
  while (true) {
    acquire work_lock;
    read jobs_left; write jobs_left;
    broadcast work_ready;
    release work_lock;
  }
}
