// Pattern: unbounded thread creation in a loop — the SML form of create_unbounded.c: one
// handler per request, forever; handlers count outcomes under count_lock.
// expect: ok_count race-free
// expect: error_count race-free
// why: every access to the counts holds count_lock.
// racy-twin: create_unbounded_racy.sml
shared ok_count, error_count;
lock count_lock;

main {
  while (true) create handler;
}

thread handler {
  acquire count_lock;
  if (*) { read ok_count; write ok_count; } else { read error_count; write error_count; }
  release count_lock;
}
