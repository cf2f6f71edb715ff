// Pattern: readers/writers with a rwlock — the SML form of rwlock.c: lookups read the
// table under the read lock, updates write it under the write lock.
// expect: routes race-free
// expect: nroutes race-free
// why: a thread holding the write lock excludes every other holder, and readers only
//   read: two threads inside the table either both read, or one of them is not there.
// racy-twin: rwlock_wrong_mode.sml
shared routes, nroutes;
rwlock table_lock;

main {
  while (*) {
    if (*) create reader; else create writer;
  }
}

thread reader {
  while (true) {
    rdlock table_lock;
    read nroutes;
    while (*) { read routes; read nroutes; }
    unlock table_lock;
  }
}

thread writer {
  while (true) {
    wrlock table_lock;
    read nroutes;
    if (*) { write routes; write nroutes; }
    unlock table_lock;
  }
}
