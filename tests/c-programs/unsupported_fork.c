// fork is outside the supported subset: a located error, exit 2.
// expect-exit: 2
// expect-stderr: unsupported_fork.c:9:3: error: unsupported: fork
#include <pthread.h>
#include <unistd.h>

int main (void)
{
  fork ();
  return 0;
}
