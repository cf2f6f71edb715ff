// A thread holding L for writing asks for the read lock: glibc fails with EDEADLK at
// once (undefined in POSIX), the net lets the rdlock fail, and the thread goes on and
// releases L before writing z, as another thread may: a race. Without the failing
// transition the thread would wait for ever and z would look race-free.
shared z;
rwlock L;

thread u [2] {
  wrlock L;
  rdlock L;
  unlock L;
  write z;
}
