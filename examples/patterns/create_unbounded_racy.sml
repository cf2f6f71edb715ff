// Pattern: unbounded thread creation, error count unlocked — the SML form of
// create_unbounded_racy.c.
// expect: ok_count race-free
// expect: error_count RACE
// why: two failing handlers can update error_count at once; ok_count is still locked.
// fixed-twin: create_unbounded.sml
shared ok_count, error_count;
lock count_lock;

main {
  while (true) create handler;
}

thread handler {
  if (*) {
    acquire count_lock;
    read ok_count; write ok_count;
    release count_lock;
  } else {
    read error_count; write error_count;
  }
}
