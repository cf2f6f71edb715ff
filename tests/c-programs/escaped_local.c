// main's local escapes through the pthread_create argument; main keeps writing it.
// expect: local@main:total RACE
#include <pthread.h>

static void *worker (void *arg)
{
  int *p = arg;
  *p += 1;
  return NULL;
}

int main (void)
{
  int total = 0;
  pthread_t t;
  pthread_create (&t, NULL, worker, &total);
  total = 5;
  return total;
}
