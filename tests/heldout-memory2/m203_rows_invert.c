// expect: image race-free
// expect: n_workers race-free
// idiom: f
// Row bands of a global greyscale image are inverted in parallel; each thread gets
// only its id (cast to a pointer) and derives its band with split_rows().
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#define HEIGHT      100
#define WIDTH       64
#define MAX_WORKERS 12

static unsigned char image[HEIGHT][WIDTH];
static int n_workers = 3;

static void
split_rows (int id, int nparts, int *first, int *last)
{
  int per = HEIGHT / nparts;
  int extra = HEIGHT % nparts;

  *first = id * per + (id < extra ? id : extra);
  *last = *first + per + (id < extra ? 1 : 0);
  if (*last > HEIGHT)
    *last = HEIGHT;
}

static void *
invert_band (void *arg)
{
  int id = (int) (intptr_t) arg;
  int first, last, r, c;

  split_rows (id, n_workers, &first, &last);
  for (r = first; r < last; r++)
    for (c = 0; c < WIDTH; c++)
      image[r][c] = (unsigned char) (255 - image[r][c]);
  return NULL;
}

int
main (void)
{
  pthread_t workers[MAX_WORKERS];
  const char *env = getenv ("NTHREADS");
  unsigned long sum = 0;
  int i, r, c;

  if (env != NULL)
    n_workers = atoi (env);
  if (n_workers < 1)
    n_workers = 1;
  if (n_workers > MAX_WORKERS)
    n_workers = MAX_WORKERS;

  for (r = 0; r < HEIGHT; r++)
    for (c = 0; c < WIDTH; c++)
      image[r][c] = (unsigned char) ((r * 7 + c * 3) & 0xff);

  for (i = 0; i < n_workers; i++)
    if (pthread_create (&workers[i], NULL, invert_band, (void *) (intptr_t) i))
      {
        fprintf (stderr, "cannot start worker %d\n", i);
        exit (EXIT_FAILURE);
      }
  for (i = 0; i < n_workers; i++)
    pthread_join (workers[i], NULL);

  for (r = 0; r < HEIGHT; r++)
    for (c = 0; c < WIDTH; c++)
      sum += image[r][c];
  printf ("%d workers, inverted checksum %lu\n", n_workers, sum);
  return 0;
}
