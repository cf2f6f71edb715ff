/* replay: runs a libFuzzer harness on given inputs without libFuzzer.
 *
 * Usage: fuzz-replay-TARGET [--suffix SUFFIX] FILE_OR_DIR...: each file given, and
 * each file of each directory given (recursively, in name order; with --suffix only
 * the names ending in SUFFIX), is passed whole to LLVMFuzzerTestOneInput, once; the
 * run fails (aborts) as the harness does. The normal build links every harness with this main, so the
 * test suite replays the regression inputs of the fuzzers, also under ASan/UBSan. */
#include "fuzz-common.h"

#include <stdio.h>

static guint n_inputs;
static const char *suffix;   /* borrowed from argv; NULL: every file */

static void
replay_file (const char *path)
{
  g_autofree char *data = NULL;
  gsize len = 0;
  g_autoptr (GError) error = NULL;
  if (!g_file_get_contents (path, &data, &len, &error))
    g_error ("replay: %s", error->message);
  LLVMFuzzerTestOneInput ((const uint8_t *) data, len);
  n_inputs++;
}

static gint
compare_names (gconstpointer a, gconstpointer b)
{
  return g_strcmp0 (*(char *const *) a, *(char *const *) b);
}

static void
replay_path (const char *path, gboolean given)
{
  if (!g_file_test (path, G_FILE_TEST_IS_DIR))
    {
      if (given || !suffix || g_str_has_suffix (path, suffix))
        replay_file (path);
      return;
    }
  g_autoptr (GError) error = NULL;
  g_autoptr (GDir) dir = g_dir_open (path, 0, &error);
  if (!dir)
    g_error ("replay: %s", error->message);
  g_autoptr (GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  const char *name;
  while ((name = g_dir_read_name (dir)))
    g_ptr_array_add (names, g_build_filename (path, name, NULL));
  g_ptr_array_sort (names, compare_names);
  for (guint i = 0; i < names->len; i++)
    replay_path (g_ptr_array_index (names, i), FALSE);
}

int
main (int argc, char **argv)
{
  LLVMFuzzerInitialize (&argc, &argv);
  int i = 1;
  if (i + 1 < argc && g_str_equal (argv[i], "--suffix"))
    {
      suffix = argv[i + 1];
      i += 2;
    }
  for (; i < argc; i++)
    replay_path (argv[i], TRUE);
  printf ("%u input%s replayed\n", n_inputs, n_inputs == 1 ? "" : "s");
  return 0;
}
