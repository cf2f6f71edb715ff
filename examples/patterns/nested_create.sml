// Pattern: nested thread creation — the SML form of nested_create.c: main starts a listener,
// which starts handlers; all touch the connection counts under conn_lock.
// expect: active race-free
// expect: served race-free
// why: every access to active and served holds conn_lock.
// racy-twin: nested_create_racy.sml
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
    acquire conn_lock;
    read active;
    if (*) { read active; write active; }
    release conn_lock;
    if (*) create handler;
  }
}

thread handler {
  acquire conn_lock;
  read active; write active;
  read served; write served;
  release conn_lock;
}
