// Pattern: non-terminating workers — the SML form of workers_forever.c: workers loop forever
// on a shared job list, a monitor samples progress, main refills the list; all under one lock.
// expect: jobs_left race-free
// expect: done race-free
// why: jobs_left and done are only touched under work_lock.
// racy-twin: workers_forever_racy.sml
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
    acquire work_lock;
    read done;
    release work_lock;
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
