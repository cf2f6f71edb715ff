/* fuzz-common: scratch files, text copies and GLib set-up shared by the harnesses. */
#include "fuzz-common.h"

#include <glib/gstdio.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char *scratch;   /* the process's scratch directory, owned; removed at exit */

static void
remove_scratch (void)
{
  g_autoptr (GDir) d = g_dir_open (scratch, 0, NULL);
  const char *name;
  while (d && (name = g_dir_read_name (d)))
    {
      g_autofree char *path = g_build_filename (scratch, name, NULL);
      g_remove (path);
    }
  g_rmdir (scratch);
  g_clear_pointer (&scratch, g_free);
}

void
fuzz_init (void)
{
  g_setenv ("G_SLICE", "always-malloc", TRUE);
  g_log_set_always_fatal (G_LOG_LEVEL_CRITICAL | G_LOG_LEVEL_WARNING);
  if (scratch)
    return;
  g_autoptr (GError) error = NULL;
  scratch = g_dir_make_tmp ("rf-fuzz-XXXXXX", &error);
  if (!scratch)
    g_error ("fuzz: cannot make a scratch directory: %s", error->message);
  atexit (remove_scratch);
}

char *
fuzz_text (const uint8_t *data, size_t size)
{
  return g_strndup ((const char *) data, size);
}

char *
fuzz_write_file (const char *name, const uint8_t *data, size_t size)
{
  char *path = g_build_filename (scratch, name, NULL);
  FILE *f = fopen (path, "wb");
  if (!f || fwrite (data, 1, size, f) != size || fclose (f) != 0)
    g_error ("fuzz: cannot write %s", path);
  return path;
}
