// Prods/Cons 2 (Table 1): producers and consumers share one condition variable and
// announce every change with a broadcast.
// expect: buffer[] race-free
// expect: count race-free
// expect-stderr: warning: start routine is a function pointer
#include <pthread.h>

#define N 8
int buffer[N];
int count;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
pthread_cond_t changed = PTHREAD_COND_INITIALIZER;

static void *producer (void *arg)
{
  (void) arg;
  for (;;)
    {
      pthread_mutex_lock (&m);
      while (count == N)
        pthread_cond_wait (&changed, &m);
      buffer[count++] = 1;
      pthread_cond_broadcast (&changed);
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
        pthread_cond_wait (&changed, &m);
      int v = buffer[--count];
      (void) v;
      pthread_cond_broadcast (&changed);
      pthread_mutex_unlock (&m);
    }
  return NULL;
}

int main (void)
{
  pthread_t t;
  for (int i = 0; ; i++)
    pthread_create (&t, NULL, i % 2 ? producer : consumer, NULL);
}
