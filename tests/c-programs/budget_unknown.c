// A search budget too small to decide (Prods/Cons with --max-markings 2, without the
// state equation): each location is unknown, never a guess, and the exit status is 3.
// args: --search-only --no-state-equation --max-markings 2
// expect: count race-free
// known-gap: count unknown: --max-markings 2 stops the search before it decides
// expect: buffer[] race-free
// known-gap: buffer[] unknown: --max-markings 2 stops the search before it decides
#include <pthread.h>

#define N 8
int buffer[N];
int count;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
pthread_cond_t not_full = PTHREAD_COND_INITIALIZER;
pthread_cond_t not_empty = PTHREAD_COND_INITIALIZER;

static void *producer (void *arg)
{
  (void) arg;
  for (;;)
    {
      pthread_mutex_lock (&m);
      while (count == N)
        pthread_cond_wait (&not_full, &m);
      buffer[count] = 1;
      count++;
      pthread_cond_signal (&not_empty);
      pthread_mutex_unlock (&m);
    }
  return NULL;
}

static void *consumer (void *arg)
{
  (void) arg;
  for (;;)
    {
      pthread_mutex_lock (&m);
      while (count == 0)
        pthread_cond_wait (&not_empty, &m);
      count--;
      int v = buffer[count];
      (void) v;
      pthread_cond_signal (&not_full);
      pthread_mutex_unlock (&m);
    }
  return NULL;
}

int main (void)
{
  pthread_t t;
  for (int n = 0; ; n++)
    {
      if (n % 2)
        pthread_create (&t, NULL, producer, NULL);
      else
        pthread_create (&t, NULL, consumer, NULL);
    }
}
