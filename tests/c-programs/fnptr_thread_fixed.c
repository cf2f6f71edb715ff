// Start routines chosen through a function pointer, both updating under one lock.
// expect: log_count race-free
// expect: routines[] race-free
// expect-stderr: warning: start routine is a function pointer
#include <pthread.h>

int log_count;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

static void *ping (void *arg) { (void) arg; pthread_mutex_lock (&m); log_count++; pthread_mutex_unlock (&m); return NULL; }
static void *pong (void *arg) { (void) arg; pthread_mutex_lock (&m); log_count--; pthread_mutex_unlock (&m); return NULL; }

void *(*routines[2]) (void *) = { ping, pong };

int main (void)
{
  pthread_t t[2];
  for (int i = 0; i < 2; i++)
    pthread_create (&t[i], NULL, routines[i], NULL);
  return 0;
}
