// Readers and writers use the rwlock, and so does the reset (write lock): nothing
// touches the table while a reader holds the read lock.
// expect: table[] race-free
// expect: size race-free
#include <pthread.h>

pthread_rwlock_t rw = PTHREAD_RWLOCK_INITIALIZER;
int table[16];
int size;

static void *reader (void *arg)
{
  int key = (int) (long) arg, found = -1;
  pthread_rwlock_rdlock (&rw);
  for (int i = 0; i < size; i++)
    if (table[i] == key)
      found = i;
  pthread_rwlock_unlock (&rw);
  return (void *) (long) found;
}

static void *writer (void *arg)
{
  pthread_rwlock_wrlock (&rw);
  if (size < 16)
    table[size++] = (int) (long) arg;
  pthread_rwlock_unlock (&rw);
  return NULL;
}

static void *reset (void *arg)
{
  (void) arg;
  pthread_rwlock_wrlock (&rw);
  size = 0;
  pthread_rwlock_unlock (&rw);
  return NULL;
}

int main (void)
{
  pthread_t t;
  for (;;)
    {
      pthread_create (&t, NULL, reader, (void *) 1L);
      pthread_create (&t, NULL, writer, (void *) 2L);
      pthread_create (&t, NULL, reset, NULL);
    }
  return 0;
}
