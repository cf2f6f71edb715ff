// Start routines chosen through a function pointer: both may run, and both write log.
// expect: log_count RACE
// expect: routines[] race-free
// expect-stderr: warning: start routine is a function pointer
#include <pthread.h>

int log_count;

static void *ping (void *arg) { (void) arg; log_count++; return NULL; }
static void *pong (void *arg) { (void) arg; log_count--; return NULL; }

void *(*routines[2]) (void *) = { ping, pong };

int main (void)
{
  pthread_t t[2];
  for (int i = 0; i < 2; i++)
    pthread_create (&t[i], NULL, routines[i], NULL);
  return 0;
}
