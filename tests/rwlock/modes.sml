// How the net builder works out the mode of each unlock. Each thread takes L for
// reading or for writing: the unlock after it may release either, so it gets both
// transitions, and `write x` holds L in no known mode (two readers write x at once: a
// race). Then the read lock is taken twice and released once: the thread still reads;
// and the write lock excludes it: y is race-free.
shared x, y;
rwlock L;

thread t [2] {
  if (*) rdlock L; else wrlock L;
  write x;
  unlock L;
  rdlock L;
  rdlock L;
  unlock L;
  read y;
  unlock L;
  wrlock L;
  write y;
  unlock L;
}
