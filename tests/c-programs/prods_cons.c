// Prods/Cons (Table 1): a bounded buffer shared by any number of producers and
// consumers, with one mutex and two condition variables waited on in while loops.
// expect: buffer[] race-free
// expect: count race-free
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
