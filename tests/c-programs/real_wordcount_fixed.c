// A realistic parallel word counter: main parses options with getopt and starts one
// worker per file named on the command line (argv); each worker reads its file with
// fopen/fgets, splits lines with strtok_r and merges words into a shared table under
// a lock; main joins the workers (in a loop bounded by the number of files), sorts
// the table with qsort and a comparator, and prints. The workers count lines in a
// global under the table lock.
// expect: lines_read race-free
// expect: argv[] race-free
// expect: argv strings race-free
// expect: optarg race-free
// expect: optind race-free
// expect: getopt() state race-free
// expect: strerror() state race-free
// expect: ignore_case race-free
// expect: stderr race-free
// expect: external memory race-free
// expect: table[].word[] race-free
// expect: table[].count race-free
// expect: nwords race-free
// expect: static@main:jobs[].path race-free
// expect: static@main:jobs[].words race-free
// expect: static@main:jobs[].error race-free
#define _GNU_SOURCE
#include <ctype.h>
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define MAX_FILES 8
#define MAX_WORDS 512
#define WORD_LEN 32

struct entry
{
  char word[WORD_LEN];
  unsigned long count;
};

static struct entry table[MAX_WORDS];
static size_t nwords;
static pthread_mutex_t table_lock = PTHREAD_MUTEX_INITIALIZER;
static int ignore_case;            /* set by main before the workers start */
static unsigned long lines_read;   /* under table_lock */

struct job
{
  const char *path;
  unsigned long words;
  int error;
};

static void
normalise (char *w)
{
  for (; *w; w++)
    if (ignore_case)
      *w = (char) tolower ((unsigned char) *w);
}

static void
table_add (const char *w)
{
  size_t i;

  pthread_mutex_lock (&table_lock);
  for (i = 0; i < nwords; i++)
    if (strcmp (table[i].word, w) == 0)
      break;
  if (i == nwords && nwords < MAX_WORDS)
    {
      snprintf (table[i].word, WORD_LEN, "%s", w);
      table[i].count = 0;
      nwords++;
    }
  if (i < nwords)
    table[i].count++;
  pthread_mutex_unlock (&table_lock);
}

static void *
count_file (void *arg)
{
  struct job *job = arg;
  char line[256];
  char *save, *tok;
  FILE *f = fopen (job->path, "r");

  if (!f)
    {
      job->error = errno;
      return NULL;
    }
  while (fgets (line, sizeof line, f))
    {
      pthread_mutex_lock (&table_lock);
      lines_read++;
      pthread_mutex_unlock (&table_lock);
      for (tok = strtok_r (line, " \t\n.,;:!?", &save); tok; tok = strtok_r (NULL, " \t\n.,;:!?", &save))
        {
          normalise (tok);
          table_add (tok);
          job->words++;
        }
    }
  if (ferror (f))
    job->error = EIO;
  fclose (f);
  return NULL;
}

static int
by_count (const void *a, const void *b)
{
  const struct entry *x = a, *y = b;
  if (x->count != y->count)
    return x->count < y->count ? 1 : -1;
  return strcmp (x->word, y->word);
}

static void
usage (const char *prog)
{
  fprintf (stderr, "usage: %s [-i] [-n TOP] FILE...\n", prog);
  exit (2);
}

int
main (int argc, char **argv)
{
  static struct job jobs[MAX_FILES];
  pthread_t threads[MAX_FILES];
  int opt, top = 10, nfiles;

  while ((opt = getopt (argc, argv, "in:")) != -1)
    switch (opt)
      {
      case 'i':
        ignore_case = 1;
        break;
      case 'n':
        top = atoi (optarg);
        break;
      default:
        usage (argv[0]);
      }
  nfiles = argc - optind;
  if (nfiles <= 0 || nfiles > MAX_FILES)
    usage (argv[0]);

  for (int i = 0; i < nfiles; i++)
    {
      jobs[i].path = argv[optind + i];
      if (pthread_create (&threads[i], NULL, count_file, &jobs[i]) != 0)
        {
          perror ("pthread_create");
          return 1;
        }
    }
  for (int i = 0; i < nfiles; i++)
    pthread_join (threads[i], NULL);

  qsort (table, nwords, sizeof table[0], by_count);
  for (int i = 0; i < nfiles; i++)
    if (jobs[i].error)
      fprintf (stderr, "%s: %s\n", jobs[i].path, strerror (jobs[i].error));
    else
      printf ("%s: %lu words\n", jobs[i].path, jobs[i].words);
  for (int i = 0; i < top && (size_t) i < nwords; i++)
    printf ("%7lu %s\n", table[i].count, table[i].word);
  printf ("%lu lines\n", lines_read);
  return 0;
}
