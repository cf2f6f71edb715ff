// The worker keeps the index it finds through its argument (`&slot_ids[i]`, set to
// i just before the create) in a thread-local, which the helper it calls indexes
// the counts table with: each thread counts in its own row.
// expect: local@main:slot_ids[] race-free
// expect: counts[][] race-free
// expect: text race-free
// racy-twin: index_in_element_tls_shared.c
#include <pthread.h>
#include <stdio.h>
#include <string.h>

#define NT 4
#define NB 8

static __thread unsigned my_row;
static unsigned long counts[NT][NB];
static const char *text = "the quick brown fox jumps over the lazy dog";

static void
count_byte (unsigned char c)
{
  counts[my_row][c % NB]++;
}

static void *
scan (void *arg)
{
  my_row = *(const unsigned *) arg;
  for (size_t k = my_row; k < strlen (text); k += NT)
    count_byte ((unsigned char) text[k]);
  return NULL;
}

int
main (void)
{
  pthread_t t[NT];
  unsigned slot_ids[NT];
  for (unsigned i = 0; i < NT; ++i)
    {
      slot_ids[i] = i;
      if (pthread_create (&t[i], NULL, scan, &slot_ids[i]) != 0)
        return 1;
    }
  for (unsigned i = 0; i < NT; ++i)
    pthread_join (t[i], NULL);
  for (unsigned b = 0; b < NB; b++)
    {
      unsigned long sum = 0;
      for (unsigned r = 0; r < NT; r++)
        sum += counts[r][b];
      printf ("%u %lu\n", b, sum);
    }
  return 0;
}
