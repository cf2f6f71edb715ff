// Lock-ReadWriteOnly (Table 1): readers and writers of a shared record, all under
// one mutex; a reader may also update the record while it holds the lock.
// expect: data race-free
#include <pthread.h>

int data;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

static void *reader (void *arg)
{
  (void) arg;
  for (;;)
    {
      pthread_mutex_lock (&m);
      if (data > 10)
        data = 0;
      pthread_mutex_unlock (&m);
    }
  return NULL;
}

static void *writer (void *arg)
{
  (void) arg;
  pthread_mutex_lock (&m);
  data = 1;
  pthread_mutex_unlock (&m);
  pthread_mutex_lock (&m);
  data = data + 1;
  pthread_mutex_unlock (&m);
  return NULL;
}

int main (void)
{
  pthread_t t;
  int n = 0;
  while (n < 1000)
    {
      if (n++ % 3)
        pthread_create (&t, NULL, reader, NULL);
      else
        pthread_create (&t, NULL, writer, NULL);
    }
  return 0;
}
