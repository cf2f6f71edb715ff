// Readers under the read lock (also taken with tryrdlock, checked), writers under the
// write lock (also with a checked trywrlock and timedwrlock), and the lookup counter
// under the write lock: any two threads inside either both read, or one of them is not
// there.
// expect: table[] race-free
// expect: size race-free
// expect: lookups race-free
#include <pthread.h>
#include <time.h>

pthread_rwlock_t rw = PTHREAD_RWLOCK_INITIALIZER;
int table[16];
int size;
long lookups;

static int find (int key)
{
  int found = -1;
  for (int i = 0; i < size; i++)
    if (table[i] == key)
      found = i;
  return found;
}

static void *reader (void *arg)
{
  int key = (int) (long) arg, found = -1;
  pthread_rwlock_rdlock (&rw);
  found = find (key);
  pthread_rwlock_unlock (&rw);
  if (pthread_rwlock_tryrdlock (&rw) == 0)
    {
      found = find (key);
      pthread_rwlock_unlock (&rw);
    }
  pthread_rwlock_wrlock (&rw);
  lookups++;
  pthread_rwlock_unlock (&rw);
  return (void *) (long) found;
}

static void *writer (void *arg)
{
  struct timespec ts = { 0, 0 };
  pthread_rwlock_wrlock (&rw);
  if (size < 16)
    table[size++] = (int) (long) arg;
  pthread_rwlock_unlock (&rw);
  if (!pthread_rwlock_trywrlock (&rw))
    {
      size = 0;
      pthread_rwlock_unlock (&rw);
    }
  if (pthread_rwlock_timedwrlock (&rw, &ts) != 0)
    return NULL;
  lookups = 0;
  pthread_rwlock_unlock (&rw);
  return NULL;
}

int main (void)
{
  pthread_t t;
  pthread_rwlock_init (&rw, NULL);
  for (;;)
    {
      pthread_create (&t, NULL, reader, (void *) 1L);
      pthread_create (&t, NULL, writer, (void *) 2L);
    }
  return 0;
}
