// Racy twin of once_addr.c: a worker shrinks the table after pthread_once, while the
// others read its size.
// expect: table_size RACE
// expect-race-at: table_size 27 27
// expect: table race-free
// fixed-twin: once_addr.c
#include <pthread.h>
#include <stdlib.h>

static pthread_once_t table_once = PTHREAD_ONCE_INIT;
static int *table;
static int table_size;

static void
init_table (void)
{
  table_size = 64;
  table = calloc ((size_t) table_size, sizeof *table);
}

static void *
worker (void *arg)
{
  long sum = 0;
  (void) arg;
  pthread_once (&table_once, &init_table);
  table_size--;
  for (int i = 0; i < table_size; i++)
    sum += table != NULL;
  return (void *) sum;
}

int
main (void)
{
  pthread_t t[4];
  for (int i = 0; i < 4; i++)
    pthread_create (&t[i], NULL, worker, NULL);
  for (int i = 0; i < 4; i++)
    pthread_join (t[i], NULL);
  return 0;
}
