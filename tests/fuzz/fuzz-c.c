/* fuzz-c: the C front end on any preprocessed text: parse, lower, build the net.
 *
 * The input is C as the preprocessor leaves it (line markers included), parsed with
 * rf_c_parse_preprocessed so no preprocessor is spawned per input; a NUL byte ends it.
 * Diagnostics are rendered with their carets. A unit that parses is dumped and
 * lowered (whole-program mode: a main, else every function an entry); a program
 * lowered gets its net built, which checks the program model, but no search. Line
 * markers may name other files, which the front end reads for carets: run the
 * harness in a directory of its own (tools/fuzz does). */
#include "fuzz-common.h"

#include "rf-c-lower.h"
#include "rf-c.h"
#include "rf-netbuild.h"

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
  g_autofree char *text = fuzz_text (data, size);
  g_autoptr (RfDiags) diags = rf_diags_new ();
  g_autoptr (GError) error = NULL;
  g_autoptr (RfCUnit) unit = rf_c_parse_preprocessed ("input.i", text, diags, &error);
  g_autoptr (GString) rendered = g_string_new (NULL);
  if (!unit)
    {
      g_assert (error != NULL && rf_diags_n_errors (diags) > 0);
      rf_diags_render (diags, rendered);
      return 0;
    }
  g_free (rf_c_unit_dump (unit, FALSE));

  g_autoptr (RfProgram) prog = rf_c_lower (unit, NULL, diags, &error);
  rf_diags_render (diags, rendered);
  if (!prog)
    {
      g_assert (error != NULL && rf_diags_n_errors (diags) > 0);
      return 0;
    }
  g_assert (error == NULL && rf_diags_n_errors (diags) == 0);
  rf_net_free (rf_netbuild (prog));
  return 0;
}
