package app.familyhub.mobile;

import com.getcapacitor.BridgeActivity;

public class MainActivity extends BridgeActivity {}
