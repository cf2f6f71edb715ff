// A parameter declared as an array is a pointer: writes through it reach the
// caller's array (they were once taken for a private local array and dropped).
// The worker writes buf[] through it while main writes buf[] too: a race.
// expect: buf[] RACE
#include <pthread.h>
#include <stddef.h>

int buf[4];

static void put (int a[], int v)
{
  a[1] = v;
}

static void *worker (void *arg)
{
  (void) arg;
  put (buf, 1);
  return NULL;
}

int main (void)
{
  pthread_t t;
  pthread_create (&t, NULL, worker, NULL);
  buf[2] = 3;
  return 0;
}
