#include "CleanSlateXCTestLoading.h"

// Defined in CleanSlateXCTest (Swift): registers its XCTest observer and its recorder of
// failures found outside CleanSlate scopes.
extern void cleanslate_xctest_did_load(void);

// Runs when the test binary loads, before XCTest starts any test: XCTest has no hook of its own
// for code that is not a test case, and a plain XCTestCase never runs any of CleanSlate's.
__attribute__((constructor)) static void cleanslate_xctest_load(void) {
  cleanslate_xctest_did_load();
}

void cleanslate_xctest_keep_loading(void) {}
