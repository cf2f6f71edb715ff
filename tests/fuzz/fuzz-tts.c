/* fuzz-tts: the bfc .tts and .prop reader on any input.
 *
 * The input is a .tts text, then a line `%%prop`, then the .prop text; without that
 * line, the whole input is the .tts and the property file is missing. Both are
 * written to files and read as a user's are (NUL bytes and all); the diagnostics are
 * rendered with their carets. */
#define _GNU_SOURCE   /* memmem */
#include "fuzz-common.h"

#include <stdio.h>
#include <string.h>
#include "rf-tts.h"

/* The line between the two texts. */
#define SEPARATOR "\n%%prop\n"

int
LLVMFuzzerInitialize (int *argc, char ***argv)
{
  fuzz_init ();
  return 0;
}

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  if (size > FUZZ_MAX_INPUT)
    return 0;
  size_t tts_size = size, prop_at = size;
  const uint8_t *sep = memmem (data, size, SEPARATOR, strlen (SEPARATOR));
  if (sep)
    {
      tts_size = sep - data + 1;   /* the .tts keeps its last newline */
      prop_at = tts_size + strlen (SEPARATOR) - 1;
    }
  g_autofree char *path = fuzz_write_file ("input.tts", data, tts_size);
  g_autofree char *prop = g_strconcat (path, ".prop", NULL);
  if (sep)
    g_free (fuzz_write_file ("input.tts.prop", data + prop_at, size - prop_at));
  else
    remove (prop);

  g_autoptr (RfDiags) diags = rf_diags_new ();
  g_autoptr (GError) error = NULL;
  RfNet *net = NULL;
  GPtrArray *targets = NULL;
  gboolean ok = rf_tts_parse_files (path, NULL, diags, &net, &targets, &error);
  g_autoptr (GString) rendered = g_string_new (NULL);
  rf_diags_render (diags, rendered);
  if (!ok)
    {
      g_assert (error != NULL && !net && !targets);
      return 0;
    }
  g_assert (error == NULL && net && targets);
  g_ptr_array_unref (targets);
  rf_net_free (net);
  return 0;
}
