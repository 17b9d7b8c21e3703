public enum AutomatonRecognitionPlaceholder {}
