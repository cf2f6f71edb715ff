// Pattern: readers/writers with a rwlock, update under the read lock — the SML form of
// rwlock_wrong_mode.c: the writer only takes the read lock.
// expect: routes RACE
// expect: nroutes RACE
// why: read locks do not exclude each other: a reader reads nroutes while a writer
//   updates it, and two writers can store to routes at once.
// fixed-twin: rwlock.sml
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
    rdlock table_lock;
    read nroutes;
    if (*) { write routes; write nroutes; }
    unlock table_lock;
  }
}
