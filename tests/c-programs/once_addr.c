// pthread_once with the init routine written `&init_table` (as CIL and many projects
// write it): the first worker to get there runs it, every other one waits until it has
// run, so the table it sets up is only read afterwards.
// expect: table_size race-free
// expect: table race-free
// racy-twin: once_addr_racy.c
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
