/* fuzz-spec: the mist .spec reader on any input.
 *
 * The input is read as a user's .spec file is (from a file, NUL bytes and all); its
 * diagnostics are rendered with their carets. A net read has its invariant claims
 * checked (rf_net_check_invariants), as cover does before a search. */
#include "fuzz-common.h"

#include "rf-spec.h"

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
  g_autofree char *path = fuzz_write_file ("input.spec", data, size);
  g_autoptr (RfDiags) diags = rf_diags_new ();
  g_autoptr (GError) error = NULL;
  RfNet *net = NULL;
  GPtrArray *targets = NULL;
  gboolean ok = rf_spec_parse_file (path, diags, &net, &targets, &error);
  g_autoptr (GString) rendered = g_string_new (NULL);
  rf_diags_render (diags, rendered);
  if (!ok)
    {
      g_assert (error != NULL && rf_diags_n_errors (diags) > 0 && !net && !targets);
      return 0;
    }
  g_assert (error == NULL && net && targets);
  g_ptr_array_unref (rf_net_check_invariants (net));
  g_ptr_array_unref (targets);
  rf_net_free (net);
  return 0;
}
