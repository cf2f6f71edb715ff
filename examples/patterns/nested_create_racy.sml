// Pattern: nested thread creation, unlocked admission test — the SML form of
// nested_create_racy.c: the listener reads active without the lock.
// expect: active RACE
// expect: served race-free
// why: the listener's unlocked read of active overlaps a handler's write under conn_lock.
// fixed-twin: nested_create.sml
shared active, served;
lock conn_lock;

main {
  create listener;
  while (*) {
    acquire conn_lock;
    read served; read active;
    release conn_lock;
  }
}

thread listener {
  while (*) {
    read active;
    if (*) {
      acquire conn_lock;
      read active; write active;
      release conn_lock;
      create handler;
    }
  }
}

thread handler {
  acquire conn_lock;
  read active; write active;
  read served; write served;
  release conn_lock;
}
