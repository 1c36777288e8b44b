#ifndef CLEANSLATE_XCTEST_LOADING_H
#define CLEANSLATE_XCTEST_LOADING_H

/// Does nothing: CleanSlateXCTest calls it so that the linker keeps this file, and with it the
/// function that runs when the test binary loads.
void cleanslate_xctest_keep_loading(void);

#endif
